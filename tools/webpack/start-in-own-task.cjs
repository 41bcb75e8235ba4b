// The shell's entry starts its app in a task of its own (docs/adr/037).
//
// Webpack starts an entry (here: the federation runtime's start, `__webpack_require__.x()`, then
// the entry module) at the end of the script's own evaluation, inside the function that wraps the
// whole bundle. Two costs follow on a phone:
// - The evaluation of the shell's entry (React and the shared libraries, about 450 KB of script)
//   and the start of the app are one task, the longest of every page (ADR 035).
// - Anything that records where it was called from while that function is on the stack (a
//   script, a fetch or a timer the start asks for) makes the browser's profiler, and the traces
//   Lighthouse and DevTools take, re-parse the whole function for its source positions: 20-50 ms
//   more of main thread in such a trace, counted as blocking time.
// This plugin moves the start into timers: the script's evaluation only defines the runtime and
// the modules; the federation runtime starts in the next task, and the app in the task after it
// (each 5-15 ms on a fast machine, four times that on a phone: one task each, under the 50 ms a
// task may take before it blocks).
// The script's evaluation sets both timers (the entry's skips the start if the runtime's threw):
// a task that sets one timer and takes under 10 ms is one Lighthouse's simulation drops from its
// graph, and it then cannot tell that the script ran after the first paint (docs/adr/039).
const NAME = 'StartInOwnTaskPlugin';
const OPEN = 'setTimeout(function () {\n';
const CLOSE = '\n}, 0);\n';
/** Set in the runtime's timer once the federation runtime has started (a local of webpack's bootstrap). */
const STARTED = '__federation_runtime_started__';
/** The federation runtime's start, which webpack puts before the entry's startup (`startupOnlyBefore`). */
const RUNTIME_START = /\/\/ run runtime startup\n[ \t/*]*__webpack_require__\.x\(\);\n\s*(?:[ \t/*]*)$/;

class StartInOwnTaskPlugin {
  apply(compiler) {
    const { ConcatSource, ReplaceSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      const hooks = compiler.webpack.javascript.JavascriptModulesPlugin.getCompilationHooks(compilation);
      const deferred = new WeakSet();
      // After the federation plugin's own changes to the startup (they run at the default stage).
      hooks.renderStartup.tap({ name: NAME, stage: 100 }, (source, _lastModule, { chunk, chunkGraph }) => {
        if (!chunk.hasRuntime() || chunkGraph.getNumberOfEntryModules(chunk) === 0) return source;
        deferred.add(chunk);
        return new ConcatSource(OPEN, source, CLOSE);
      });
      // The runtime's start goes into a timer too, set just before the entry's (timers of the
      // same delay run in the order they were set); the entry starts only if the runtime did.
      hooks.renderMain.tap({ name: NAME, stage: 100 }, (source, { chunk }) => {
        if (!deferred.has(chunk)) return source;
        const text = source.source().toString();
        const open = text.lastIndexOf(OPEN);
        if (open < 0) throw new Error(`${NAME}: the deferred startup of chunk ${chunk.name} is missing from its output`);
        const before = text.slice(0, open);
        const start = RUNTIME_START.exec(before);
        if (!start) {
          // Without the federation runtime's start (no `startupOnlyBefore`), nothing runs before it.
          if (/__webpack_require__\.x\(\);\s*$/.test(before)) throw new Error(`${NAME}: webpack's startup changed shape (docs/adr/037)`);
          return source;
        }
        const replaced = new ReplaceSource(source);
        replaced.replace(
          start.index,
          open + OPEN.length - 1,
          `var ${STARTED} = false;\n${OPEN}__webpack_require__.x();\n${STARTED} = true;${CLOSE}${OPEN}if (!${STARTED}) return;\n`,
        );
        return replaced;
      });
    });
  }
}

module.exports = { StartInOwnTaskPlugin };
