// Lints a few imports that DESIGN.md forbids (and one it allows) as if they were written in
// the named project, and prints what @nx/enforce-module-boundaries said of each, as JSON.
// The test next to this file runs it in a child process, so ESLint loads the workspace's
// real configuration. The rule reads Nx's cached project graph and silently skips itself
// without one, so the graph is computed first.
import { execFileSync } from 'node:child_process';
import { ESLint } from 'eslint';

execFileSync('npx', ['nx', 'show', 'projects'], { stdio: 'ignore', env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' } });

const cases = [
  { name: 'app imports another app', file: 'apps/catalog/src/forbidden.ts', code: "import '@eyewear/product';\n" },
  { name: 'app deep-imports another app', file: 'apps/catalog/src/forbidden.ts', code: "import '@eyewear/product/src/app/messages';\n" },
  { name: 'app imports another app by path', file: 'apps/catalog/src/forbidden.ts', code: "import '../../product/src/app/messages';\n" },
  { name: 'lib imports an app', file: 'libs/api-client/src/forbidden.ts', code: "import '@eyewear/shell';\n" },
  { name: 'ui imports api-client', file: 'libs/ui/src/forbidden.ts', code: "import '@eyewear/api-client';\n" },
  { name: 'shared lib imports a scoped app', file: 'libs/i18n/src/forbidden.ts', code: "import '@eyewear/account';\n" },
  { name: 'app imports a shared lib', file: 'apps/catalog/src/allowed.ts', code: "import '@eyewear/ui';\n" },
];

const eslint = new ESLint({ cwd: process.cwd() });
const results = [];
for (const { name, file, code } of cases) {
  const [report] = await eslint.lintText(code, { filePath: file });
  results.push({ name, messages: report.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message) });
}
console.log(JSON.stringify(results));
