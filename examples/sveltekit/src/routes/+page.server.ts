import { preload } from '@tessera/svelte/kit';
import { listArgs, TodoResource } from '$lib/api';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = (event) =>
  preload(event, [[TodoResource.getList, listArgs(null)]]);
