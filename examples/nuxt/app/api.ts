// The Vue example's endpoints: todos (paginated, optimistic), users and the live counter.
export * from '../../vue/src/api';
