// phishgate console: draws the overview's charts with uPlot (served by phishgate, no CDN). The data is
// in each chart element's data-chart attribute; the same figures are in a table next to it. Each chart
// is a stacked bar chart: a bar per hour or day, one segment per verdict or door (docs/console.md).
'use strict';
(() => {
  // Stacked bars with uPlot: series k carries the sum of series 0..k and the tallest is drawn first, so
  // each later (shorter) bar paints its own segment over the one below it.
  function stacked(series) {
    const sums = [];
    let running = null;
    for (const s of series) {
      running = running ? running.map((v, i) => v + s.values[i]) : s.values.slice();
      sums.push({ label: s.label, colour: s.colour, values: running });
    }
    return sums.reverse();
  }

  function draw(element) {
    if (typeof window.uPlot !== 'function') return;
    let data;
    try {
      data = JSON.parse(element.getAttribute('data-chart'));
    } catch {
      return;
    }
    element.textContent = '';
    const width = Math.max(280, Math.min(element.clientWidth || 640, 1400));
    const layers = stacked(data.series);
    const bars = window.uPlot.paths && window.uPlot.paths.bars ? window.uPlot.paths.bars({ size: [0.8, 48] }) : undefined;
    const options = {
      width,
      height: 260,
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
      axes: [{}, { label: 'analyses' }],
      // A legend of labels and colours only: live values read "--" until the pointer is on the chart.
      legend: { live: false },
      cursor: { points: { show: false } },
      series: [{ label: data.unit === 'hour' ? 'hour (UTC)' : 'day (UTC)' }].concat(
        layers.map((s) => ({ label: s.label, stroke: s.colour, fill: s.colour, width: 1, paths: bars, points: { show: false } })),
      ),
      tzDate: (ts) => window.uPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC'),
    };
    // uPlot needs at least one y series to draw axes; an empty range shows an empty chart.
    const values = layers.length ? layers.map((s) => s.values) : [data.x.map(() => 0)];
    if (!layers.length) options.series.push({ label: 'none', stroke: '#999' });
    new window.uPlot(options, [data.x].concat(values), element);
  }

  window.phishgateCharts = { draw };
  document.addEventListener('DOMContentLoaded', () => {
    for (const element of document.querySelectorAll('.uplot-chart[data-chart]')) draw(element);
  });
})();
