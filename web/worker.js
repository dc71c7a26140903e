// The engine's worker: a program of its own, the engine's alone (crates/worker), loaded here
// to answer engine jobs (src/engine_jobs/web.rs) off the page's main thread. A job is
// `[id, request]`; every progress report and the result go back as JSON text. scripts/web.sh
// writes the program's names (named by their content) in place of the @…@ marks.
import init, { engine_job } from './@ENGINE_GLUE@';

const ready = init({ module_or_path: new URL('./@ENGINE_WASM@', import.meta.url) });

self.onmessage = async (event) => {
  const [id, request] = event.data;
  try {
    await ready;
    const done = engine_job(id, request, (text) => self.postMessage(text));
    self.postMessage(done);
  } catch (error) {
    // The engine stopped abnormally: say the job failed, and end this worker (the page
    // starts another for the next job).
    console.error('gamut engine worker:', error);
    self.postMessage(JSON.stringify({ id, report: { Done: 'Failed' } }));
    self.close();
  }
};
