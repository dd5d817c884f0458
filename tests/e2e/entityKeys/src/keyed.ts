import { TodoResource } from '../../../../docs/apps/api';
import { TagResource } from './keyedApi';
import { showLists } from './lists';

showLists(TodoResource, TagResource);
