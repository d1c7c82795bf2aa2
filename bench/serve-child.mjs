// Child of serve-load.mjs: starts one static server module on 127.0.0.1 and prints its port.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [modulePath, root] = process.argv.slice(2);
const { createStaticServer } = await import(pathToFileURL(path.resolve(modulePath)).href);
const server = createStaticServer({ root: path.resolve(root) });
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
