export { Entity, resource } from '@tessera/core';
     export { createTessera, useSuspense, useDLE, useLive, useController, useMutation, TesseraErrorBoundary } from '@tessera/vue';