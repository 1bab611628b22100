// The page side of browser_big_bench.rs: run as a WebDriver script, it
// installs window.__bb. `run(kind, n, budgetMs, gapMs, args)` takes up to
// n samples of one kind of measurement (at least 3, then no more once
// budgetMs have passed; Back no more than there were steps) and resolves to {samples, start, end}: the
// samples in ms and the page times between which they were taken.
(() => {
  const bb = { longtasks: [] };
  window.__bb = bb;
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) bb.longtasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  } catch (e) {}

  const $ = (css) => document.querySelector(css);
  const editor = () => $('#editor textarea');
  const listing = () => $('#listing tbody');
  const step = () => $('#grid').dataset.step;
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const until = (what, pred, ms = 60000) => new Promise((res, rej) => {
    const t0 = performance.now();
    const tick = () => {
      if (pred()) res();
      else if (performance.now() - t0 > ms) rej(new Error('timed out waiting for ' + what));
      else setTimeout(tick, 10);
    };
    tick();
  });

  // Resolves once the main thread has been free for 150 ms (three 50 ms
  // timers in a row each firing on time), so that each sample starts
  // from an idle page rather than in the tail of the one before; gives
  // up waiting after 30 s.
  const quiet = async () => {
    const t0 = performance.now();
    let calm = 0;
    while (calm < 3 && performance.now() - t0 < 30000) {
      const a = performance.now();
      await sleep(50);
      calm = performance.now() - a < 70 ? calm + 1 : 0;
    }
  };

  // From act() to the first animation frame after done() holds, as
  // seen by a MutationObserver on `target` (an error after 60 s).
  const timed = (target, opts, act, done) => new Promise((res, rej) => {
    const t0 = performance.now();
    let seen = false;
    const late = setTimeout(() => {
      obs.disconnect();
      const head = $('.listing-pane .pane-info');
      rej(new Error(`the page did not show the change in 60 s (listing: ${listing().children.length} rows, `
        + `head "${head && head.textContent}", stale ${$('#listing').dataset.stale}; step ${step()})`));
    }, 60000);
    const check = () => {
      if (seen || !done()) return;
      seen = true;
      clearTimeout(late);
      obs.disconnect();
      requestAnimationFrame(() => res(performance.now() - t0));
    };
    const obs = new MutationObserver(check);
    obs.observe(target, opts);
    act();
    check();
  });
  const TREE = { subtree: true, childList: true, characterData: true, attributes: true };
  const STEP = { subtree: true, attributes: true, attributeFilter: ['data-step'] };

  // Replaces the editor's whole text as select-all and paste would:
  // Ctrl+A first (a long text's text area holds only the lines around
  // the view until Ctrl+A puts all of it there).
  const paste = (text) => {
    const t = editor();
    t.focus();
    t.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', ctrlKey: true, bubbles: true, cancelable: true }));
    t.setRangeText(text, 0, t.value.length, 'end');
    t.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  };
  const settled = () => $('#listing').dataset.stale === 'false' && !$('#btn-step').disabled;
  const rowsShown = (n) => {
    const last = listing().querySelector(`tr[data-index="${n - 1}"]`);
    const head = $('.listing-pane .pane-info');
    return !!last || (head && new RegExp(`\\b${n}\\b`).test(head.textContent));
  };
  const key = (k, shift) => {
    document.activeElement && document.activeElement.blur();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: k, shiftKey: shift, bubbles: true, cancelable: true }));
  };
  const stepped = (before) => () => step() !== before;
  // Scrolls the listing so that row i of n is in view (whether or not
  // the listing draws the rows out of view).
  const scrollTo = (i, n) => {
    const s = $('.listing-pane .scroll');
    s.scrollTop = Math.max(0, (i / n) * s.scrollHeight - s.clientHeight / 2);
  };

  const kinds = {
    async paste(i, a) {
      paste(a.small);
      await until('the short program', () => rowsShown(3) && !listing().querySelector('tr[data-index="3"]') && settled());
      await quiet();
      return timed($('.listing-pane'), TREE, () => paste(a.src), () => rowsShown(a.insts));
    },
    async keystroke(i, a) {
      if (i === 0) await until('the program', () => rowsShown(a.insts) && settled());
      const t = editor();
      if (i === 0) {
        // The editor scrolled to the edited line, as a person would: a
        // long text's text area holds the lines around the view.
        const box = $('#editor');
        box.scrollTop = Math.max(0, (a.editLine / a.src.split('\n').length) * box.scrollHeight - box.clientHeight / 2);
        await quiet();
      }
      const first = Number(t.dataset.firstLine || 0);
      const old = (a.editBase + i).toString(16);
      const now = (a.editBase + i + 1).toString(16);
      const at = t.value.indexOf('R5, R5, 0x' + old + ',') + 'R5, R5, 0x'.length;
      if (at < 'R5, R5, 0x'.length) throw new Error('edited instruction not found');
      const line = first + t.value.slice(0, at).split('\n').length;
      if (line !== a.editLine) throw new Error(`edit at line ${line}, not ${a.editLine}`);
      const row = () => listing().querySelector(`tr[data-line="${line}"] .dis`);
      if (i === 0) {
        const r = listing().querySelector(`tr[data-line="${line}"]`);
        scrollTo(r ? Number(r.dataset.index) : a.insts / 2, a.insts);
      }
      t.focus();
      t.setSelectionRange(at, at);
      await quiet();
      return timed(listing(), TREE, () => {
        t.setRangeText(now, at, at + old.length, 'end');
        t.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: now.slice(-1) }));
      }, () => {
        const r = row();
        return !!r && r.textContent.toLowerCase().includes('0x' + now + ',');
      });
    },
    async step(i, a) {
      if (i === 0) await until('a settled listing', settled);
      await quiet();
      const before = step();
      return timed($('#app-root'), STEP, () => key('F10', false), stepped(before));
    },
    async back() {
      const before = step();
      if (before === '0') return null; // (Step was cut short by its budget)
      await quiet();
      return timed($('#app-root'), STEP, () => key('F10', true), stepped(before));
    },
    async reset() {
      for (let k = 0; k < 5; k++) {
        const before = step();
        key('F10', false);
        await until('a step', stepped(before));
      }
      await quiet();
      return timed($('#app-root'), STEP, () => $('#btn-reset').click(), () => step() === '0');
    },
  };

  bb.run = async (kind, n, budget, gap, args) => {
    await quiet();
    const start = performance.now();
    const samples = [];
    for (let i = 0; i < n; i++) {
      if (samples.length >= 3 && performance.now() - start > budget) break;
      const ms = await kinds[kind](i, args).catch((e) => {
        throw new Error(`${kind} ${i}: ${e.message}`);
      });
      if (ms === null) break;
      samples.push(ms);
      await sleep(gap);
    }
    // The work the last sample left for later (the autosave, 300 ms
    // after a change) belongs to this phase's window too.
    await sleep(400);
    await quiet();
    return { samples, start, end: performance.now() };
  };
})();
return true;
