/// <reference types="vite/client" />

// For plain `tsc`, which cannot read single-file components (vue-tsc checks them for real).
declare module '*.vue' {
  import type { DefineComponent } from 'vue';

  const component: DefineComponent;
  export default component;
}
