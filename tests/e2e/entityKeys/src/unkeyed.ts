import { showLists } from './lists';
import { TagResource, TodoResource } from './unkeyedApi';

showLists(TodoResource, TagResource);
