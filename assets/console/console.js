// phishgate console: small progressive enhancement. Every page works without this file.
'use strict';
document.addEventListener('DOMContentLoaded', () => {
  // "Select all" for bulk actions on the quarantine list.
  for (const box of document.querySelectorAll('input[data-select-all]')) {
    box.addEventListener('change', () => {
      const form = document.getElementById(box.getAttribute('data-select-all'));
      if (!form) return;
      for (const item of form.querySelectorAll('input[type=checkbox][name=id]')) item.checked = box.checked;
    });
  }
  // Ask before destructive actions (delete, release).
  for (const form of document.querySelectorAll('form[data-confirm]')) {
    form.addEventListener('submit', (event) => {
      if (!window.confirm(form.getAttribute('data-confirm'))) event.preventDefault();
    });
  }
  // "Test a message": a chosen file is read into the text box, so the form posts text only.
  for (const input of document.querySelectorAll('input[type=file][data-fills]')) {
    input.addEventListener('change', () => {
      const target = document.getElementById(input.getAttribute('data-fills'));
      const file = input.files && input.files[0];
      if (!target || !file) return;
      file.text().then((text) => { target.value = text; });
    });
  }
  autoRefresh();
});

// Pages that update themselves (overview, history): every N seconds, while the page is visible and
// the person is not typing, the same URL is fetched again and each [data-live-region] is swapped
// for its new copy; charts are drawn again. A checkbox turns it off.
function autoRefresh() {
  const marker = document.querySelector('[data-auto-refresh]');
  if (!marker) return;
  const seconds = Math.max(5, Number(marker.getAttribute('data-auto-refresh')) || 30);
  const label = document.createElement('label');
  label.className = 'auto-refresh';
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.checked = true;
  box.id = 'auto-refresh';
  label.append(box, ` Update every ${seconds} s`);
  marker.append(label);
  let busy = false;
  setInterval(async () => {
    if (!box.checked || busy || document.visibilityState !== 'visible') return;
    const active = document.activeElement;
    if (active && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName) && active !== box) return;
    busy = true;
    try {
      const response = await fetch(window.location.href, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
      if (!response.ok || !response.url.startsWith(window.location.origin) || new URL(response.url).pathname !== window.location.pathname) return;
      const fresh = new DOMParser().parseFromString(await response.text(), 'text/html');
      for (const region of document.querySelectorAll('[data-live-region]')) {
        const next = fresh.querySelector(`[data-live-region="${region.getAttribute('data-live-region')}"]`);
        if (next) region.replaceWith(document.importNode(next, true));
      }
      if (window.phishgateCharts) for (const chart of document.querySelectorAll('[data-live-region] .uplot-chart[data-chart]')) window.phishgateCharts.draw(chart);
      marker.setAttribute('data-refreshed', String(Date.now()));
    } catch {
      // Offline or signed out: the next tick tries again; the page as it is stays.
    } finally {
      busy = false;
    }
  }, seconds * 1000);
}
