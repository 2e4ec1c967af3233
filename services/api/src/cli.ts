import 'reflect-metadata';
import { ConfigError } from './core/config';
import { runCli } from './operator-commands';

// `npm run panel -- <command>`: operator commands against the configured database.
runCli(process.argv.slice(2), process.env).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
