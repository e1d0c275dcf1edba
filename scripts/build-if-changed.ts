// `npm start`'s first step (`build-if-changed.ts web server`), and start:coordination's and start:scoring's
// (`… server`): builds the web app (scripts/web-build.ts) and the services' JavaScript
// (scripts/server-build.ts) when their sources changed since the last build, and says so either way.
import { buildWebIfChanged } from './web-build.ts';
import { buildIsCurrent, buildServer } from './server-build.ts';

const wanted = process.argv.slice(2);
for (const target of wanted) {
  if (target !== 'web' && target !== 'server') {
    console.error(`Unknown build target "${target}" (web, server).`);
    process.exit(2);
  }
}

if (wanted.includes('web') && !buildWebIfChanged()) process.exit(1);

if (wanted.includes('server')) {
  if (buildIsCurrent()) {
    console.log('The services are up to date (dist/server); not rebuilding.');
  } else {
    console.log('Building the services (dist/server)…');
    await buildServer();
  }
}
