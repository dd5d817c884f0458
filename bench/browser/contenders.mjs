// The apps under bench/browser/<framework>/<library>/, each built and measured the same way.
// `subject` is Tessera, `baseline` the hand-written app; ratios are taken against each.

export const contenders = [
  { id: 'vue-tessera', framework: 'vue', library: 'tessera', label: '@tessera/vue', subject: true },
  { id: 'vue-tanstack', framework: 'vue', library: 'tanstack', label: '@tanstack/vue-query' },
  { id: 'vue-colada', framework: 'vue', library: 'colada', label: '@pinia/colada' },
  {
    id: 'vue-baseline',
    framework: 'vue',
    library: 'baseline',
    label: 'shallowRef by hand',
    baseline: true,
  },
  {
    id: 'svelte-tessera',
    framework: 'svelte',
    library: 'tessera',
    label: '@tessera/svelte',
    subject: true,
  },
  {
    id: 'svelte-tanstack',
    framework: 'svelte',
    library: 'tanstack',
    label: '@tanstack/svelte-query',
  },
  {
    id: 'svelte-baseline',
    framework: 'svelte',
    library: 'baseline',
    label: '$state by hand',
    baseline: true,
  },
];
