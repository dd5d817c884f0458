#!/usr/bin/env node
// A package's `npm run build`: tsdown's build of the package in the current folder (its
// tsdown.config.ts), called through tsdown's API. The `tsdown` command prints "Node.js v20 is
// deprecated" before every build under Node < 22.18, with no option to leave it out; tsdown 0.21
// is the last release that runs on Node 20, which this repository supports (package.json
// `engines`), so the notice asks for nothing we can do. Back to the command when Node 22 is the floor.
import { build } from 'tsdown';

await build();
