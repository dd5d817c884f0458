import { preload } from '@tessera/svelte/kit';
import { getCounter, UserResource } from '$lib/api';
import type { LayoutServerLoad } from './$types';

// Every page shows the people (the form, the filter, the owners) and the live counter.
export const load: LayoutServerLoad = (event) =>
  preload(event, [[UserResource.getList], [getCounter]]);
