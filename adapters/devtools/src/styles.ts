// The panel's styles, inside its shadow root: the app's CSS does not reach in, nor this out.
// `all: initial` also stops what the page's fonts and colours would pass down by inheritance.
// Colours keep a contrast of at least 4.5:1 (the examples' browser tests audit it).
/** The open panel's height; the page gets as much room at its bottom to scroll past it. */
export const PANEL_HEIGHT = '45vh';

export const styles = `
:host { all: initial; }
* { box-sizing: border-box; }
.root { font: 12px/1.4 system-ui, sans-serif; color: #1f2328; }
button {
  font: inherit; color: #1f2328; background: #f6f8fa; border: 1px solid #8c959f;
  border-radius: 4px; padding: 2px 8px; cursor: pointer;
}
button:hover { background: #eaeef2; }
button:disabled { color: #57606a; cursor: not-allowed; }
button[aria-pressed="true"] { background: #1f2328; color: #fff; }
:focus-visible { outline: 2px solid #0969da; outline-offset: 1px; }
.toggle {
  position: fixed; right: 12px; bottom: 12px; z-index: 2147483000;
  background: #1f2328; color: #fff; border-color: #1f2328; border-radius: 16px; padding: 6px 12px;
  box-shadow: 0 2px 8px rgb(0 0 0 / 0.25);
}
.toggle:hover { background: #32383f; }
.panel {
  position: fixed; left: 0; right: 0; bottom: 0; height: ${PANEL_HEIGHT}; z-index: 2147483000;
  display: flex; flex-direction: column; background: #fff; border-top: 1px solid #8c959f;
  box-shadow: 0 -2px 8px rgb(0 0 0 / 0.15);
}
.panel[hidden] { display: none; }
/* Drawn into a container (a devtools tab): the panel fills it instead of floating over a page. */
:host([data-tessera-devtools="embedded"]) { display: block; height: 100%; }
.embedded { display: block; height: 100%; }
.embedded .panel { position: static; height: 100%; border-top: 0; box-shadow: none; }
/* Narrow screens: the toolbar wraps onto more lines rather than running off the screen. */
header {
  display: flex; flex-wrap: wrap; gap: 4px 8px; align-items: center; padding: 6px 8px;
  border-bottom: 1px solid #d0d7de;
}
header button { white-space: nowrap; }
h2 { font-size: 13px; margin: 0 8px 0 0; }
[role="tablist"] { display: flex; flex-wrap: wrap; gap: 4px; flex: 1 1 auto; }
[role="tab"][aria-selected="true"] { background: #ddf4ff; border-color: #0969da; }
.view { flex: 1; overflow: auto; padding: 4px 8px; }
.view[hidden] { display: none; }
ul { list-style: none; margin: 0; padding: 0; }
li { border-bottom: 1px solid #eaeef2; }
summary { cursor: pointer; padding: 3px 0; display: flex; gap: 8px; align-items: baseline; }
summary::before { content: "▸"; color: #57606a; }
details[open] > summary::before { content: "▾"; }
.key { font: 12px ui-monospace, monospace; overflow-wrap: anywhere; }
.info, time { color: #57606a; margin-left: auto; white-space: nowrap; }
time { margin-left: 0; }
.body { padding: 4px 0 8px 16px; }
.actions { display: flex; gap: 4px; margin-bottom: 4px; }
pre { margin: 0; font: 11px/1.4 ui-monospace, monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
.error, .notice { color: #82071e; margin: 4px 0; white-space: pre-wrap; }
.rows { padding-left: 12px; }
.badge { border-radius: 8px; padding: 0 6px; font-weight: 600; min-width: 56px; text-align: center; }
.fresh { background: #dafbe1; color: #116329; }
.stale { background: #fff8c5; color: #6b4500; }
.invalid { background: #eaeef2; color: #424a53; }
.loading { background: #ddf4ff; color: #0550ae; }
.error.badge { background: #ffebe9; color: #82071e; margin: 0; }
label { display: flex; gap: 6px; align-items: center; margin: 4px 0; }
input { font: inherit; padding: 2px 6px; border: 1px solid #8c959f; border-radius: 4px; width: 240px; }
.empty { color: #57606a; margin: 8px 0; }
`;
