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
});
