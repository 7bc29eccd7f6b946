import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface RegexLiteral {
  file: string;
  line: number;
  source: string;
  flags: string;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield path;
  }
}

/**
 * Every regular expression written in the code under `root`: `/…/flags` literals and `new RegExp('…')`
 * / `RegExp('…')` with a literal pattern, found by the TypeScript parser (not by a regex over source).
 */
export function regexLiterals(root: string, base = root): RegexLiteral[] {
  const found: RegexLiteral[] = [];
  for (const path of sourceFiles(root)) {
    const text = readFileSync(path, 'utf8');
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true);
    const at = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    const visit = (node: ts.Node): void => {
      if (ts.isRegularExpressionLiteral(node)) {
        const literal = node.text;
        const end = literal.lastIndexOf('/');
        found.push({ file: relative(base, path), line: at(node), source: literal.slice(1, end), flags: literal.slice(end + 1) });
      } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
        const [pattern, flags] = node.arguments ?? [];
        if (pattern && (ts.isStringLiteral(pattern) || ts.isNoSubstitutionTemplateLiteral(pattern))) {
          found.push({ file: relative(base, path), line: at(node), source: pattern.text, flags: flags && ts.isStringLiteral(flags) ? flags.text : '' });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}
