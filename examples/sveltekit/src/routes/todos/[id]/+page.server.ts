import { preload } from '@tessera/svelte/kit';
import { listArgs, TodoResource } from '$lib/api';
import type { PageServerLoad } from './$types';

export const load: PageServerLoad = (event) =>
  preload(event, [
    [TodoResource.get, { id: Number(event.params.id) }],
    [TodoResource.getList, listArgs(null)],
  ]);
