#!/usr/bin/env node
// `tessera generate <document> --out <folder>` (docs/guide/openapi.md).
import { main } from '../dist/cli.js';

process.exitCode = await main(process.argv.slice(2));
