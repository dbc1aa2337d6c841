// varsim profile report: renders the JSON in #varsim-data (written by
// report/ReportData.cpp) into the page. Written by varsim; no external
// resource, no network. Every plot is inline SVG built here.
'use strict';
(function () {
  const D = JSON.parse(document.getElementById('varsim-data').textContent);
  const SVGNS = 'http://www.w3.org/2000/svg';

  // ---- helpers -------------------------------------------------------------
  function el(tag, attrs, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') e.className = v;
      else if (k === 'text') e.textContent = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v);
    }
    for (const k of kids) if (k != null) e.append(k);
    return e;
  }
  function svg(tag, attrs, ...kids) {
    const e = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'text') e.textContent = v;
      else e.setAttribute(k, v);
    }
    for (const k of kids) if (k != null) e.append(k);
    return e;
  }
  // Paths relative to the project (the plan and the facts name files
  // absolutely).
  function rel(t) { return D.project_root && t ? String(t).split(D.project_root + '/').join('') : t; }
  function fmtS(s) {
    if (s == null || !isFinite(s)) return '–';
    const a = Math.abs(s);
    if (a >= 100) return s.toFixed(1) + ' s';
    if (a >= 1) return s.toFixed(3) + ' s';
    if (a >= 1e-3) return (s * 1e3).toFixed(2) + ' ms';
    if (a === 0) return '0 s';
    return (s * 1e6).toFixed(1) + ' µs';
  }
  function pct(x) { return x == null || !isFinite(x) ? '–' : (x * 100).toFixed(1) + ' %'; }
  function cfgName(c) { return c === '' ? '(none)' : c; }
  function hash(s) {
    let h = 2166136261;
    for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 16777619); }
    return h >>> 0;
  }
  // A feature condition's colour: Base grey, every other condition a hue of
  // its own (stable across reports: derived from its text).
  function colorOf(cond) {
    if (!cond || cond === '1' || cond === 'Base') return '#9aa3ad';
    const h = hash(cond);
    return 'hsl(' + (h % 360) + ',' + (55 + (h >> 9) % 25) + '%,' + (48 + (h >> 17) % 12) + '%)';
  }
  function termColor(t) { return colorOf(t.atoms.length ? t.atoms.join(' && ') : 'Base'); }
  // Ticks for [lo, hi]: about n round numbers.
  function ticks(lo, hi, n) {
    const span = hi - lo || 1;
    const raw = span / n, mag = Math.pow(10, Math.floor(Math.log10(raw)));
    const step = [1, 2, 2.5, 5, 10].map(m => m * mag).find(s => s >= raw) || 10 * mag;
    const out = [];
    for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(+v.toPrecision(12));
    return out;
  }
  function section(id, title, ...kids) {
    return el('section', { id }, el('h2', { text: title }), ...kids);
  }
  const regionById = new Map(D.regions.map(r => [r.id, r]));
  const fileName = i => (i >= 0 && D.files[i] ? D.files[i].path : '?');
  function regionLabel(r) {
    const where = fileName(r.file) + ':' + r.line;
    return r.function + (r.kind === 'region' && r.condition !== '1' ? ' [' + r.condition + ']' : '') + ' (' + where + ')';
  }

  // ---- header and navigation -----------------------------------------------
  const runs = D.runs;
  const V = D.validation;
  document.title = 'varsim: ' + D.title;
  const facts = el('div', { class: 'facts' },
    el('span', { text: 'model total ' + fmtS(D.total_seconds) }),
    el('span', { text: D.terms.length + ' terms' }),
    el('span', { text: runs.length + ' simulator run(s)' }),
    el('span', { text: D.features.length + ' features' }),
    V ? el('span', { text: (V.variants || []).length + ' variants measured' }) : null);
  const links = el('div', { class: 'facts' });
  for (const x of (D.exports || [])) links.append(el('a', { href: x.file, text: x.label }), ' ');
  document.body.append(el('header', {},
    el('h1', { text: 'Where the time goes: ' + D.title }), facts, links));
  document.body.append(el('nav', {},
    ...[['terms', 'Terms'], ['source', 'Source'], ['flame', 'Calling contexts'],
      ['variants', 'Variants'], ['accuracy', 'Predicted vs measured'], ['plan', 'Plan & data flow']]
      .map(([id, t]) => el('a', { href: '#' + id, text: t }))));

  // ---- terms -----------------------------------------------------------------
  const maxAbs = Math.max(1e-12, ...D.terms.map(t => Math.abs(t.share)));
  const termRows = D.terms.map((t, i) => {
    const srcs = el('td', { class: 'src' });
    t.sources.slice(0, 6).forEach((s, k) => {
      if (k) srcs.append(', ');
      if (s.file >= 0) srcs.append(el('a', { href: '#src-' + s.file + '-' + s.line, class: 'srclink', 'data-file': s.file, 'data-line': s.line, text: fileName(s.file) + ':' + s.line + (s.function ? ' ' + s.function : '') }));
      else srcs.append(el('span', { text: s.text }));
    });
    if (t.sources.length > 6) srcs.append(' +' + (t.sources.length - 6));
    return el('tr', { class: 'term', id: 'term-' + i },
      el('td', {}, el('span', { class: 'swatch', style: 'background:' + termColor(t) }), t.name),
      el('td', { class: 'num', text: fmtS(t.seconds) }),
      el('td', { class: 'num', text: pct(t.share) }),
      el('td', {}, el('span', { class: 'sharebar' + (t.seconds < 0 ? ' neg' : ''), style: 'width:' + Math.round(160 * Math.abs(t.share) / maxAbs) + 'px' })),
      srcs);
  });
  document.body.append(section('terms', 'Terms of the performance-influence model',
    el('p', { class: 'note', text: 'A term adds its time to every variant whose features satisfy it. Sources link to the annotated code below.' }),
    el('table', {}, el('thead', {}, el('tr', {}, ...['term', 'seconds', 'share', '', 'where the time goes'].map(h => el('th', { text: h })))),
      el('tbody', {}, ...termRows))));

  // ---- annotated source --------------------------------------------------------
  // Per file: the embedded lines, each with the regions that cover it shown
  // as coloured bars, and at a region's first line its time in every run.
  const byFile = new Map();
  for (const r of D.regions) {
    if (r.file < 0) continue;
    if (!byFile.has(r.file)) byFile.set(r.file, []);
    byFile.get(r.file).push(r);
  }
  const srcBox = el('div', {});
  const fileTabs = el('div', { class: 'tabs' });
  const fileViews = [];
  const moreFiles = el('select', { class: 'morefiles', onchange: ev => { if (ev.target.value !== '') showFile(+ev.target.value); } },
    el('option', { value: '', text: 'other files …' }));
  function fileTime(f) {
    let t = 0;
    // Self times: a caller and its callee in one file are not counted twice.
    for (const r of byFile.get(f) || []) t += Math.max(...r.self, 0);
    return t;
  }
  const fileOrder = D.files.map((_, i) => i).sort((a, b) => fileTime(b) - fileTime(a));
  function showFile(f, line) {
    fileViews.forEach((v, i) => { if (v) v.style.display = i === f ? '' : 'none'; });
    for (const b of fileTabs.querySelectorAll('button')) b.classList.toggle('on', +b.dataset.file === f);
    moreFiles.value = [...moreFiles.options].some(o => o.value === String(f)) ? String(f) : '';
    for (const tr of document.querySelectorAll('.code tr.target')) tr.classList.remove('target');
    if (line != null) {
      const row = document.getElementById('src-' + f + '-' + line);
      if (row) { row.classList.add('target'); row.scrollIntoView({ block: 'center' }); }
    }
  }
  for (const f of fileOrder) {
    const file = D.files[f];
    const regs = (byFile.get(f) || []).slice().sort((a, b) => a.line - b.line || b.end_line - a.end_line);
    const tbody = el('tbody', {});
    const head = el('tr', {}, el('th', { text: 'line' }), el('th', { text: '' }),
      ...runs.map((r, k) => el('th', { class: 'num', title: cfgName(r.config), text: 'run ' + (k + 1) })),
      el('th', { text: file.path }));
    let prev = 0;
    for (const [start, lines] of file.chunks) {
      if (start > prev + 1) tbody.append(el('tr', { class: 'gap' }, el('td', { colspan: 3 + runs.length, text: '… ' + (prev ? start - prev - 1 : start - 1) + ' line(s) …' })));
      lines.forEach((text, k) => {
        const ln = start + k;
        const covering = regs.filter(r => r.line <= ln && ln <= r.end_line);
        const starting = regs.filter(r => r.line === ln);
        for (const r of starting) {
          tbody.append(el('tr', { class: 'ann region-ann', 'data-region': r.id },
            el('td', {}), el('td', {}),
            ...runs.map((_, j) => el('td', { class: 't', title: 'inclusive time in run ' + (j + 1) + ' (self ' + fmtS(r.self[j]) + ')', text: r.incl[j] ? fmtS(r.incl[j]) : '·' })),
            el('td', {}, el('span', { class: 'swatch', style: 'background:' + colorOf(r.condition) }),
              r.kind + ' ' + r.function + (r.condition !== '1' ? ' — under ' + r.condition : ' — Base'))));
        }
        const bars = el('td', { class: 'bars' }, ...covering.map(r => el('span', { style: 'background:' + colorOf(r.condition), title: regionLabel(r) })));
        tbody.append(el('tr', { id: 'src-' + f + '-' + ln, class: starting.length ? 'start' : '' },
          el('td', { class: 'ln', text: ln }), bars,
          ...runs.map(() => el('td', { class: 't' })),
          el('td', { class: 'c', text: text })));
      });
      prev = start + lines.length - 1;
    }
    if (file.lines > prev) tbody.append(el('tr', { class: 'gap' }, el('td', { colspan: 3 + runs.length, text: '… ' + (file.lines - prev) + ' line(s) …' })));
    const view = el('div', { class: 'code file', 'data-file': f, style: 'display:none' }, el('table', {}, el('thead', {}, head), tbody));
    fileViews[f] = view;
    srcBox.append(view);
    // The files with the most time get a tab each; the rest are in a list
    // (a real program has dozens of files with regions).
    if (fileTabs.children.length < 12 && (fileTime(f) > 0 || fileTabs.children.length < 3))
      fileTabs.append(el('button', { 'data-file': f, text: file.path + (fileTime(f) ? ' · ' + fmtS(fileTime(f)) : ''), onclick: () => showFile(f) }));
    else
      moreFiles.append(el('option', { value: f, text: file.path + (fileTime(f) ? ' · ' + fmtS(fileTime(f)) : '') }));
  }
  if (moreFiles.children.length > 1) fileTabs.append(moreFiles);
  document.body.append(section('source', 'Annotated source',
    el('p', { class: 'note', text: 'Bars on the left: the feature regions and functions around a line, coloured by their condition. Each region\'s first line shows its inclusive time in every planned run: ' + runs.map((r, k) => 'run ' + (k + 1) + ' = ' + cfgName(r.config)).join('; ') + '.' }),
    fileTabs, srcBox));
  if (fileOrder.length) showFile(fileOrder[0]);
  document.addEventListener('click', ev => {
    const a = ev.target.closest && ev.target.closest('a.srclink');
    if (!a) return;
    ev.preventDefault();
    showFile(+a.dataset.file, +a.dataset.line);
  });

  // ---- flame graph (icicle) per run ---------------------------------------------
  const flameBox = el('div', {});
  const flameTabs = el('div', { class: 'tabs' });
  const W = 1100, ROW = 18;
  const usedConds = new Set();
  runs.forEach((run, k) => {
    // Roots: one pseudo-node per thread, so threads stack side by side.
    const threads = run.threads.filter(t => t.nodes.length);
    const kids = threads.map(t => { const c = t.nodes.map(() => []); const roots = []; t.nodes.forEach((n, i) => (n[0] < 0 ? roots : c[n[0]]).push(i)); return { c, roots }; });
    const tTotals = threads.map((t, i) => kids[i].roots.reduce((s, r) => s + t.nodes[r][3], 0));
    const total = tTotals.reduce((a, b) => a + b, 0) || 1;
    let depth = 0;
    const rects = [];
    function place(t, ti, i, x, w, d) {
      const n = t.nodes[i], r = regionById.get(n[1]) || { function: '?', condition: '1', kind: '' };
      depth = Math.max(depth, d + 1);
      usedConds.add(r.condition);
      rects.push({ x, w, d, r, n });
      let cx = x;
      const sum = kids[ti].c[i].reduce((s, c) => s + t.nodes[c][3], 0);
      const scale = sum > n[3] && sum > 0 ? n[3] / sum : 1;
      for (const c of kids[ti].c[i]) { const cw = w * t.nodes[c][3] * scale / (n[3] || 1); place(t, ti, c, cx, cw, d + 1); cx += cw; }
    }
    let x = 0;
    threads.forEach((t, ti) => {
      const tw = W * tTotals[ti] / total;
      rects.push({ x, w: tw, d: 0, thread: t.name, s: tTotals[ti] });
      let cx = x;
      for (const r of kids[ti].roots) { const w = tw * t.nodes[r][3] / (tTotals[ti] || 1); place(t, ti, r, cx, w, 1); cx += w; }
      x += tw;
    });
    const H = (depth + 1) * ROW + 4;
    const g = svg('svg', { width: W, height: H, class: 'flame', 'data-run': k });
    for (const q of rects) {
      if (q.w < 0.3) continue;
      const label = q.thread ? 'thread ' + q.thread + ' · ' + fmtS(q.s) : q.r.function + (q.r.kind === 'region' && q.r.condition !== '1' ? ' [' + q.r.condition + ']' : '');
      const fill = q.thread ? '#dde3ea' : colorOf(q.r.condition);
      const grp = svg('g', { class: q.thread ? 'thread' : 'ctx' });
      grp.append(svg('rect', { x: q.x.toFixed(2), y: q.d * ROW, width: Math.max(0.3, q.w).toFixed(2), height: ROW - 1, fill }));
      grp.append(svg('title', { text: label + (q.n ? '\n' + fmtS(q.n[3]) + ' inclusive, ' + q.n[2] + ' call(s)\ncondition: ' + q.r.condition + '\n' + regionLabel(q.r) : '') }));
      if (q.w > 40) grp.append(svg('text', { x: q.x + 3, y: q.d * ROW + 13, text: label.length * 6.2 > q.w - 6 ? label.slice(0, Math.max(1, Math.floor((q.w - 6) / 6.2) - 1)) + '…' : label }));
      g.append(grp);
    }
    const box = el('div', { class: 'flamerun', 'data-run': k, style: k ? 'display:none' : '' },
      el('p', { class: 'note', text: 'Run ' + (k + 1) + ': CONFIG ' + cfgName(run.config) + ', ' + fmtS(run.seconds) + ' measured. Width: inclusive time; each row a calling depth; colour: the region\'s feature condition.' }), g);
    flameBox.append(box);
    flameTabs.append(el('button', { class: k ? '' : 'on', text: 'run ' + (k + 1) + ': ' + cfgName(run.config), onclick: ev => {
      for (const b of flameTabs.children) b.classList.toggle('on', b === ev.target);
      for (const c of flameBox.children) c.style.display = c.dataset.run == k ? '' : 'none';
    } }));
  });
  const legend = el('div', { class: 'legend' }, ...[...usedConds].sort().map(c => el('span', {}, el('span', { class: 'swatch', style: 'background:' + colorOf(c) }), c === '1' ? 'Base' : c)));
  document.body.append(section('flame', 'Calling-context tree per planned run', flameTabs, legend, flameBox));

  // ---- variants: stacked bars, error, repetitions ------------------------------------
  const variants = V && V.variants && V.variants.length
    ? V.variants.map(v => ({ config: v.config, role: v.role, status: v.status, measured: v.measured, predicted: v.predicted, baseline: v.baseline_predicted, times: v.times || [], terms: v.terms || [] }))
    : runs.map(r => ({ config: r.config, role: 'simulator run', status: 'ok', measured: r.seconds, predicted: r.terms.reduce((s, t) => s + t[1], 0), times: [r.seconds], terms: r.terms }));
  {
    const shown = variants.filter(v => v.predicted != null || v.measured != null).sort((a, b) => (b.measured ?? b.predicted) - (a.measured ?? a.predicted));
    let hi = 0, lo = 0;
    for (const v of shown) {
      let pos = 0, neg = 0;
      for (const [, s] of v.terms) if (s >= 0) pos += s; else neg += s;
      hi = Math.max(hi, pos, v.measured || 0, ...v.times); lo = Math.min(lo, neg);
    }
    const BW = 520, scale = BW / ((hi - lo) || 1), x0 = -lo * scale;
    const rows = shown.map(v => {
      const s = svg('svg', { width: BW + 20, height: 22, class: 'stack' });
      let px = x0, nx = x0;
      const ordered = v.terms.slice().sort((a, b) => b[1] - a[1]);
      for (const [ti, sec] of ordered) {
        const w = Math.abs(sec) * scale, t = D.terms[ti];
        const x = sec >= 0 ? px : nx - w;
        if (sec >= 0) px += w; else nx -= w;
        s.append(svg('rect', { class: 'seg', x: x.toFixed(2), y: 4, width: Math.max(0.5, w).toFixed(2), height: 12, fill: termColor(t), 'fill-opacity': sec < 0 ? 0.45 : 1 },
          svg('title', { text: t.name + ': ' + fmtS(sec) })));
      }
      if (v.times.length) {
        const mn = Math.min(...v.times), mx = Math.max(...v.times);
        s.append(svg('line', { class: 'spread', x1: x0 + mn * scale, x2: x0 + mx * scale, y1: 19, y2: 19, stroke: '#1d232b', 'stroke-width': 1.5 }));
        for (const t of v.times) s.append(svg('circle', { class: 'rep', cx: x0 + t * scale, cy: 19, r: 2, fill: '#1d232b' }, svg('title', { text: 'repetition ' + fmtS(t) })));
      }
      if (v.measured != null) s.append(svg('line', { class: 'measured', x1: x0 + v.measured * scale, x2: x0 + v.measured * scale, y1: 1, y2: 21, stroke: '#111', 'stroke-width': 2 }, svg('title', { text: 'measured (median) ' + fmtS(v.measured) })));
      const err = v.measured && v.predicted != null ? (v.predicted - v.measured) / v.measured : null;
      const spread = v.times.length > 1 ? (Math.max(...v.times) - Math.min(...v.times)) / (v.measured || 1) : null;
      return el('tr', { class: 'variant' },
        el('td', { text: cfgName(v.config) }), el('td', { class: 'note', text: v.role || '' }),
        el('td', { class: 'num', text: fmtS(v.predicted) }), el('td', { class: 'num', text: fmtS(v.measured) }),
        el('td', { class: 'num' + (err != null && Math.abs(err) > 0.1 ? ' err-hi' : ''), text: err == null ? (v.status !== 'ok' ? v.status : '–') : (err >= 0 ? '+' : '') + (err * 100).toFixed(1) + ' %' }),
        el('td', { class: 'num', text: v.times.length + (spread != null ? ' · ±' + (spread * 50).toFixed(1) + ' %' : '') }),
        el('td', {}, s));
    });
    document.body.append(section('variants', 'Variants: prediction by term, error, repetitions',
      el('p', { class: 'note', text: (V ? 'Variants built from the original sources and measured (varsim validate). ' : 'No validation yet (run with --validate): the planned simulator runs are shown. ') + 'The bar stacks the terms that hold (negative terms to the left, faded); the black line is the measured median, the dots below it the repetitions.' }),
      el('table', {}, el('thead', {}, el('tr', {}, ...['variant', 'role', 'predicted', 'measured', 'error', 'reps · spread', 'terms'].map(h => el('th', { text: h })))), el('tbody', {}, ...rows))));
  }

  // ---- predicted against measured -------------------------------------------------------
  function scatter(title, pts, cls, color) {
    const S = 360, M = 72;
    const g = svg('svg', { width: S + M + 12, height: S + M + 24, class: 'scatter ' + cls });
    g.append(svg('text', { x: M, y: 14, text: title, 'font-weight': 600 }));
    if (!pts.length) {
      g.setAttribute('height', 60);
      g.append(svg('text', { x: M, y: 40, text: 'no data (needs --validate)' }));
      return g;
    }
    const all = pts.flatMap(p => [p[0], p[1]]);
    let lo = Math.min(...all), hi = Math.max(...all);
    const pad = (hi - lo) * 0.08 || Math.abs(hi) * 0.05 || 1e-3;
    lo -= pad; hi += pad;
    const tk = ticks(lo, hi, 5);
    const sx = v => M + (v - lo) / (hi - lo) * S, sy = v => 20 + S - (v - lo) / (hi - lo) * S;
    const ax = svg('g', { class: 'axis' });
    ax.append(svg('rect', { x: M, y: 20, width: S, height: S, fill: 'none', stroke: '#c3c8cf' }));
    for (const t of tk) {
      ax.append(svg('line', { x1: sx(t), x2: sx(t), y1: 20 + S, y2: 24 + S }), svg('text', { x: sx(t), y: 36 + S, 'text-anchor': 'middle', text: fmtS(t) }));
      ax.append(svg('line', { x1: M - 4, x2: M, y1: sy(t), y2: sy(t) }), svg('text', { x: M - 6, y: sy(t) + 4, 'text-anchor': 'end', text: fmtS(t).replace(' ', '') }));
    }
    ax.append(svg('line', { class: 'diag', x1: sx(lo), y1: sy(lo), x2: sx(hi), y2: sy(hi), stroke: '#8b949e', 'stroke-dasharray': '4 3' }));
    ax.append(svg('text', { x: M + S / 2, y: S + 52, 'text-anchor': 'middle', text: 'measured' }));
    ax.append(svg('text', { x: 12, y: 20 + S / 2, transform: 'rotate(-90 12 ' + (20 + S / 2) + ')', 'text-anchor': 'middle', text: 'predicted' }));
    g.append(ax);
    for (const [m, p, c] of pts) g.append(svg('circle', { class: 'pt', cx: sx(m), cy: sy(p), r: 4.5, fill: color, 'fill-opacity': 0.8 }, svg('title', { text: cfgName(c) + ': measured ' + fmtS(m) + ', predicted ' + fmtS(p) })));
    return g;
  }
  {
    const src = V && V.variants ? V.variants : [];
    const mp = src.length ? src.filter(v => v.measured != null && v.predicted != null).map(v => [v.measured, v.predicted, v.config])
      : runs.map(r => [r.seconds, r.terms.reduce((s, t) => s + t[1], 0), r.config]);
    const bp = src.filter(v => v.measured != null && v.baseline_predicted != null && !(v.role || '').includes('training')).map(v => [v.measured, v.baseline_predicted, v.config]);
    const sum = V && V.summary ? V.summary : {};
    const p2 = x => x == null ? '–' : x.toFixed(1) + ' %';
    const line = (name, a) => a && a.count ? name + ': MAPE ' + p2(a.mape_pct) + ', max ' + p2(a.max_error_pct) + ', Spearman ' + (a.spearman == null ? '–' : a.spearman.toFixed(3)) + ' over ' + a.count + ' variant(s)' : null;
    document.body.append(section('accuracy', 'Predicted against measured',
      V ? el('p', { class: 'note' }, line('varsim\'s model', sum.model) || '', el('br'), line('black-box linear baseline (held-out variants)', sum.baseline_held_out) || (sum.baseline_error ? 'baseline: ' + sum.baseline_error : ''))
        : el('p', { class: 'note', text: 'No validation in this report: the model\'s plot shows the planned simulator runs; run varsim profile with --validate to build and measure real variants (and fit the baseline).' }),
      el('div', { style: 'display:flex;flex-wrap:wrap;gap:18px' },
        scatter('varsim model', mp, 'model', '#2f6db5'), scatter('black-box baseline', bp, 'baseline', '#d9822b'))));
  }

  // ---- plan and data flow -----------------------------------------------------------------
  {
    const P = D.plan || {};
    const planRows = runs.map((r, k) => {
      const covers = (P.requirements || []).filter(q => (q.covered_by || []).includes(k));
      const ul = el('ul', { style: 'margin:0;padding-left:16px' }, ...covers.slice(0, 12).map(q => el('li', { text: rel(q.what) })));
      if (covers.length > 12) ul.append(el('li', { text: '+' + (covers.length - 12) + ' more' }));
      return el('tr', { class: 'run' }, el('td', { class: 'num', text: k + 1 }), el('td', { text: cfgName(r.config) }),
        el('td', { class: 'num', text: fmtS(r.seconds) }), el('td', {}, covers.length ? ul : el('span', { class: 'note', text: 'no requirement only this run covers' })));
    });
    const df = D.dataflow && !Array.isArray(D.dataflow) ? D.dataflow : { regions: [] };
    const dfRows = [];
    for (const r of df.regions || []) {
      const reg = regionById.get(r.region);
      for (const e of r.evidence || []) {
        const loc = x => x ? rel(x.file || '') + ':' + (x.line || '') : '';
        dfRows.push(el('tr', { class: 'fact' }, el('td', { text: reg ? regionLabel(reg) : 'region ' + r.region }),
          el('td', { text: e.feature }), el('td', { class: 'src', text: loc(e.source) }), el('td', { text: e.via || '' }), el('td', { class: 'src', text: loc(e.sink) })));
      }
    }
    const lm = (D.local_models || []).map(m => el('tr', { class: 'local' }, el('td', { text: m.function + ' (' + rel(m.location) + ')' }), el('td', { text: m.term }), el('td', { text: (m.features || []).join(', ') }), el('td', { class: 'num', text: m.observations }),
      el('td', { text: (m.terms || []).map(t => t.term + ' ' + fmtS(t.seconds)).join('; ') })));
    const notes = (P.notes || []).slice(0, 8).map(n => el('li', { text: rel(n) }));
    if ((P.notes || []).length > 8) notes.push(el('li', { text: '+' + (P.notes.length - 8) + ' more notes (varsim plan -v)' }));
    document.body.append(section('plan', 'The plan: which run observed what',
      el('p', { class: 'note', text: 'Command: ' + (D.run_command || '(not recorded)') + (P.error ? ' · plan not recomputed: ' + P.error : '') }),
      el('table', {}, el('thead', {}, el('tr', {}, ...['run', 'CONFIG', 'measured', 'requirements it covers'].map(h => el('th', { text: h })))), el('tbody', {}, ...planRows)),
      notes.length ? el('ul', { class: 'note' }, ...notes) : null,
      el('h2', { text: 'Data-flow facts and their evidence' }),
      dfRows.length ? el('table', {}, el('thead', {}, el('tr', {}, ...['region', 'feature', 'data from', 'via', 'reaches decision at'].map(h => el('th', { text: h })))), el('tbody', {}, ...dfRows))
        : el('p', { class: 'note', text: 'No feature\'s data reaches another region\'s control flow: every region costs the same in each configuration that runs it.' }),
      lm.length ? el('h2', { text: 'Local models (' + (D.data_flow_model || '') + ')' }) : null,
      lm.length ? el('table', {}, el('thead', {}, el('tr', {}, ...['context', 'term', 'features', 'runs', 'local terms'].map(h => el('th', { text: h })))), el('tbody', {}, ...lm)) : null));
  }
  document.body.dataset.rendered = 'yes';
  // The sections exist only now: a link into the report (#variants) is
  // followed here, not by the browser's load.
  if (location.hash) {
    const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
  }
})();
