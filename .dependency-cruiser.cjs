/**
 * The layer rules of docs/architecture.md, checked by `npm test` (test/architecture/layers.test.ts):
 *   core ← config ← mail ← engine ← store ← services ← ops/jobs ← doors (http, smtp, milter) ← main/cli
 * A module may import its own layer and the layers to its left, never one to its right; repositories are reached
 * only through services; no import cycles at all.
 */
const LAYERS = [
  { name: 'core', path: '^src/(core/|logger\\.ts$|version\\.ts$)' },
  { name: 'config', path: '^src/config/' },
  { name: 'mail', path: '^src/mail/' },
  { name: 'engine', path: '^src/engine/' },
  { name: 'store', path: '^src/store/' },
  { name: 'services', path: '^src/services/' },
  { name: 'ops', path: '^src/ops/' },
  { name: 'jobs', path: '^src/jobs/' },
  { name: 'doors', path: '^src/(http|smtp|milter)/' },
  { name: 'main', path: '^src/(main\\.ts$|cli/)' },
];

/** Each layer may not import any layer after it. */
const upward = LAYERS.flatMap((layer, index) => {
  const above = LAYERS.slice(index + 1).map((l) => `(${l.path})`);
  if (above.length === 0) return [];
  return [
    {
      name: `${layer.name}-imports-upward`,
      comment: `${layer.name} may only import layers below it (docs/architecture.md)`,
      severity: 'error',
      from: { path: layer.path },
      to: { path: above.join('|') },
    },
  ];
});

/** The doors are independent of each other: each talks to the services, never to another door. */
const doors = ['http', 'smtp', 'milter'].map((door) => ({
  name: `${door}-imports-another-door`,
  comment: 'a door never imports another door; shared code belongs in a lower layer',
  severity: 'error',
  from: { path: `^src/${door}/` },
  to: { path: `^src/(http|smtp|milter)/`, pathNot: `^src/${door}/` },
}));

/** Every module under src/ belongs to a layer; a new top-level folder must be placed in LAYERS before it is used. */
const unplaced = {
  name: 'not-in-a-layer',
  comment: 'a module outside every layer escapes the layer rules; add its folder to LAYERS (docs/architecture.md)',
  severity: 'error',
  from: { path: '^src/', pathNot: LAYERS.map((l) => `(${l.path})`).join('|') },
  to: {},
};

module.exports = {
  forbidden: [
    unplaced,
    {
      name: 'no-circular',
      comment: 'import cycles make the layers meaningless',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...upward,
    ...doors,
    {
      name: 'repositories-only-from-services',
      comment: 'repositories return domain types to services; everything else calls a service',
      severity: 'error',
      from: { pathNot: '^src/(services|store)/' },
      to: { path: '^src/store/repositories/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|test|scripts)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
