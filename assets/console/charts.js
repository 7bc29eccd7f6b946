// phishgate console: draws the overview's charts with uPlot (served by phishgate, no CDN). The data is
// in each chart element's data-chart attribute; the same figures are in a table next to it.
'use strict';
document.addEventListener('DOMContentLoaded', () => {
  if (typeof window.uPlot !== 'function') return;
  for (const element of document.querySelectorAll('.uplot-chart[data-chart]')) {
    let data;
    try {
      data = JSON.parse(element.getAttribute('data-chart'));
    } catch {
      continue;
    }
    const width = Math.max(280, Math.min(element.clientWidth || 560, 900));
    const options = {
      width,
      height: 220,
      scales: { x: { time: true } },
      axes: [{}, { label: 'analyses' }],
      series: [{ label: data.unit === 'hour' ? 'hour (UTC)' : 'day (UTC)' }].concat(
        data.series.map((s) => ({ label: s.label, stroke: s.colour, width: 2, points: { show: true, size: 5 } })),
      ),
      tzDate: (ts) => window.uPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC'),
    };
    // uPlot needs at least one y series to draw axes; an empty range shows an empty chart.
    const values = data.series.length ? data.series.map((s) => s.values) : [data.x.map(() => 0)];
    if (!data.series.length) options.series.push({ label: 'none', stroke: '#999' });
    new window.uPlot(options, [data.x].concat(values), element);
  }
});
