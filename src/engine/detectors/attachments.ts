import type { AttachmentInfo } from '../../core/message.js';
import { magicKind } from '../../mail/attachment-peek.js';
import type { Detector, DetectorHit, DetectorInput } from '../detector.js';
import { categoryOf } from '../lexicon/index.js';

const EXECUTABLE = new Set(['exe', 'scr', 'com', 'pif', 'bat', 'cmd', 'vbs', 'vbe', 'js', 'jse', 'wsf', 'wsh', 'hta', 'msi', 'msix', 'msp', 'jar', 'ps1', 'psm1', 'lnk', 'iso', 'img', 'vhd', 'vhdx', 'cpl', 'reg', 'dll', 'appx', 'appxbundle', 'application', 'scf', 'url', 'chm', 'inf', 'sct', 'xll', 'gadget', 'apk', 'dmg', 'pkg', 'sh', 'bin', 'run', 'one', 'library-ms', 'settingcontent-ms', 'iqy', 'slk']);
const MACRO = new Set(['docm', 'dotm', 'xlsm', 'xltm', 'xlam', 'pptm', 'potm', 'ppam', 'ppsm', 'sldm', 'xlsb']);
const HTML = new Set(['html', 'htm', 'shtml', 'xhtml', 'mht', 'mhtml', 'svg', 'svgz', 'xht']);
const ARCHIVE = new Set(['zip', 'rar', '7z', 'gz', 'tgz', 'tar', 'ace', 'arj', 'cab', 'lzh', 'z', 'bz2', 'xz', 'r00', 'r01', 'zipx']);
const DOCUMENT = /\.(pdf|docx?|xlsx?|pptx?|rtf|txt|jpe?g|png|gif|csv|odt|invoice|scan|doc)$/i;
// U+202E right-to-left override ("invoice‮fdp.exe" displays as "invoiceexe.pdf").
const RTLO = /[\u202e\u202d\u200f]/;

const extOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase().trim();
};

/** "invoice.pdf     .exe": five or more white-space characters right before the last extension (one pass, no backtracking). */
const padsExtension = (name: string): boolean => {
  const dot = name.lastIndexOf('.');
  return dot >= 5 && /^[a-z0-9]+$/i.test(name.slice(dot + 1)) && /^\s{5}$/.test(name.slice(dot - 5, dot));
};
const namesOf = (a: AttachmentInfo): string[] => [a.filename ?? '', ...(a.innerNames ?? [])].filter(Boolean);

function attachmentRule(id: string, description: string, judge: (a: AttachmentInfo, input: DetectorInput) => DetectorHit | null): Detector {
  return {
    id,
    group: 'attachment',
    description,
    run(input) {
      const hits: DetectorHit[] = [];
      for (const attachment of input.message.attachments.slice(0, 50)) {
        const hit = judge(attachment, input);
        if (hit) hits.push(hit);
      }
      return hits.sort((a, b) => b.strength - a.strength).slice(0, 3);
    },
  };
}

const label = (a: AttachmentInfo): string => `"${(a.filename ?? 'unnamed').slice(0, 80)}"`;

export const attachExecutable = attachmentRule('ATTACH_EXECUTABLE', 'Executable or script attachments, also inside archives or recognised by magic bytes', (a) => {
  const inner = (a.innerNames ?? []).find((n) => EXECUTABLE.has(extOf(n)));
  if (a.filename && EXECUTABLE.has(extOf(a.filename))) return { strength: 1, reason: `Attachment ${label(a)} is a program or script (.${extOf(a.filename)})` };
  if (inner) return { strength: 1, reason: `Archive ${label(a)} contains the program or script "${inner.slice(0, 80)}"` };
  const kind = a.head ? magicKind(a.head) : null;
  if (kind === 'pe' || kind === 'elf' || kind === 'macho' || kind === 'lnk') return { strength: 1, reason: `Attachment ${label(a)} is an executable file disguised by its name` };
  return null;
});

export const attachMacro = attachmentRule('ATTACH_MACRO', 'Office documents with VBA macros (or macro-enabled formats)', (a) => {
  if (a.hasMacros) return { strength: 1, reason: `Attachment ${label(a)} contains Office macros` };
  const name = namesOf(a).find((n) => MACRO.has(extOf(n)));
  return name ? { strength: 0.8, reason: `Attachment ${label(a)} is a macro-enabled Office format (.${extOf(name)})` } : null;
});

export const attachHtml = attachmentRule('ATTACH_HTML', 'HTML or SVG attachments: local phishing pages that bypass link scanning', (a) => {
  const type = a.contentType.toLowerCase();
  if (a.filename && HTML.has(extOf(a.filename))) return { strength: 1, reason: `Attachment ${label(a)} is a web page (.${extOf(a.filename)}) that opens in the browser` };
  if (type === 'text/html' || type === 'image/svg+xml' || type === 'application/xhtml+xml') return { strength: 1, reason: `Attachment ${label(a)} is a web page (${type})` };
  const inner = (a.innerNames ?? []).find((n) => HTML.has(extOf(n)));
  return inner ? { strength: 0.8, reason: `Archive ${label(a)} contains the web page "${inner.slice(0, 80)}"` } : null;
});

export const attachDoubleExtension = attachmentRule('ATTACH_DOUBLE_EXTENSION', 'Names disguising their type: double extensions, padding spaces, right-to-left override', (a) => {
  for (const name of namesOf(a)) {
    if (RTLO.test(name)) return { strength: 1, reason: `Attachment name "${name.replace(RTLO, '').slice(0, 80)}" hides its real extension with a right-to-left character` };
    const ext = extOf(name);
    const stem = name.slice(0, name.length - ext.length - 1);
    if ((EXECUTABLE.has(ext) || HTML.has(ext) || ARCHIVE.has(ext)) && DOCUMENT.test(stem.trim())) {
      return { strength: EXECUTABLE.has(ext) || HTML.has(ext) ? 1 : 0.5, reason: `Attachment "${name.slice(0, 80)}" poses as ${stem.slice(stem.lastIndexOf('.')).trim()} but is .${ext}` };
    }
    if (padsExtension(name)) return { strength: 1, reason: `Attachment name "${name.replace(/\s{5,}/, ' … ')}" pads spaces to hide its extension` };
  }
  return null;
});

const PASSWORD_GIVEN = /\b(?:password|passwort|kennwort|mot de passe|contrase[ñn]a|senha|wachtwoord|pwd|code)\s*(?:is|est|ist|:|=)\s*\S{3,24}/i;

export const attachEncryptedArchive = attachmentRule('ATTACH_ENCRYPTED_ARCHIVE', 'Password-protected archives (scanners cannot look inside), or archives sent with their password', (a, input) => {
  const isArchive = (a.filename && ARCHIVE.has(extOf(a.filename))) || (a.head && ['zip', 'rar', '7z'].includes(magicKind(a.head) ?? ''));
  if (!isArchive) return null;
  if (a.encrypted) return { strength: 1, reason: `Archive ${label(a)} is password-protected, so it cannot be scanned` };
  const hinted = input.phrases.some((p) => categoryOf(p.tag) === 'archive_password') || PASSWORD_GIVEN.test(input.bodyText.slice(0, 5000));
  return hinted ? { strength: 0.8, reason: `Archive ${label(a)} is sent together with its password` } : null;
});
