// The inline starter of a server-rendered page's scripts (startAfterPaint). How the document
// places it (under the response's nonce, the entry preloaded) is in document.test.tsx; here, what
// the script itself says.
import { START_MARK, START_WAIT_MS, startAfterPaint } from './starter';

describe("the starter of a page's scripts", () => {
  test("adds the shell's entry under its own nonce, the URL written as script-safe JSON", () => {
    const starter = startAfterPaint('/main.1234abcd.js');
    expect(starter).toContain('s.src="/main.1234abcd.js"');
    expect(starter).toContain('s.nonce=n');
    // A URL cannot close the inline script it is written in.
    expect(startAfterPaint('/x.js</script><script>alert(1)//')).not.toContain('</script>');
  });

  test('waits for the main image (the one with its Element Timing name), at most START_WAIT_MS, and leaves its mark', () => {
    const starter = startAfterPaint('/main.1234abcd.js');
    // The image's Element Timing name (libs/ui MAIN_IMAGE_TIMING), the same word as its id.
    expect(starter).toContain('#root img[elementtiming="main-image"]');
    expect(starter).toContain(`setTimeout(function(){go('waited')},${START_WAIT_MS})`);
    expect(starter).toContain(`performance.mark(${JSON.stringify(START_MARK)},{detail:why})`);
  });
});
