// `node --import <this file> …`: appends the URL of every module the process loads (ES modules, through the
// loader hooks) to the file CVDP_LOADED_MODULES names, one a line, so a test can tell what a command had
// imported when it stopped (the demo seed's refusal comes before the services are imported).
import { register } from 'node:module';

register('./record-module-loads-hooks.mjs', import.meta.url);
