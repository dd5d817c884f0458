// `<TesseraDevtools />` for Vue: the panel of `mountDevtools`, for the app's store (or the
// `store` given), while the component is mounted. Renders nothing itself; in production builds
// it does nothing at all. Vue's own devtools (an inspector and a timeline) come with @tessera/vue.
import { useTessera } from '@tessera/vue';
import { defineComponent, onScopeDispose, type PropType } from 'vue';
import { type DevtoolsTarget, mountDevtools } from './index';

export const TesseraDevtools = defineComponent({
  name: 'TesseraDevtools',
  props: {
    /** Default: the store of the app (`app.use(createTessera())` or `provideTessera`). */
    store: { type: Object as PropType<DevtoolsTarget>, default: undefined },
    /** Open the panel at once. */
    open: { type: Boolean, default: false },
    /** Bytes of payloads the timeline keeps (default 5 MB). */
    timelineBytes: Number,
  },
  setup(props) {
    if (process.env.NODE_ENV !== 'production') {
      // In setup rather than on mount: the actions of the components mounting with it count.
      onScopeDispose(
        mountDevtools(props.store ?? useTessera(), {
          open: props.open,
          timelineBytes: props.timelineBytes,
        }),
      );
    }
    return () => null;
  },
});
