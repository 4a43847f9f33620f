#!/usr/bin/env node
// Plain Node, no dependencies: runs before anything else so `npm start` and `npm test` work on a
// fresh clone. Installs packages when package-lock.json changed and regenerates the Prisma client
// when the schema changed; otherwise returns at once.
const { execSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const hashOf = (...files) => {
  const h = createHash('sha256');
  for (const f of files) h.update(fs.readFileSync(path.join(root, f)));
  return h.digest('hex');
};
const stamp = (name) => path.join(root, 'node_modules', `.homeagent-${name}`);
const fresh = (name, hash) => fs.existsSync(stamp(name)) && fs.readFileSync(stamp(name), 'utf8') === hash;
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

let lockHash = hashOf('package-lock.json');
if (!fresh('lock', lockHash)) {
  console.log('[setup] installing npm packages');
  // Not `npm ci`: the registry mirror here lacks other platforms' optional packages (@swc/core-darwin-*),
  // which `npm ci` insists on finding in the lock file. `npm install` honours the lock just the same.
  run('npm install --no-audit --no-fund --loglevel=error');
  lockHash = hashOf('package-lock.json');
  fs.writeFileSync(stamp('lock'), lockHash);
}
const schemaHash = hashOf('prisma/schema.prisma', 'package-lock.json');
if (!fresh('prisma', schemaHash) || !fs.existsSync(path.join(root, 'prisma', 'generated', 'client.ts'))) {
  console.log('[setup] generating the Prisma client');
  run('npx prisma generate');
  fs.writeFileSync(stamp('prisma'), schemaHash);
}
