// Every type a public declaration names must itself be importable: a consumer who writes a helper around
// `useEmailOtp` needs the type of what it returns. This walks the built declarations from each package
// entry (package.json "exports") and reports each type declared by the kit that a public declaration
// refers to but no entry exports (it would show in an editor, but nobody could import it).
import { readFileSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import ts from 'typescript'

const root = resolve(import.meta.dirname, '..')
const typesDir = resolve(root, 'dist/types')
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types?: string }>
}
const entries = Object.entries(pkg.exports).flatMap(([subpath, target]) =>
  typeof target === 'object' && target.types ? [[subpath, resolve(root, target.types)] as const] : [],
)

const program = ts.createProgram(
  entries.map(([, file]) => file),
  {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    noEmit: true,
  },
)
const checker = program.getTypeChecker()
const resolveAlias = (symbol: ts.Symbol) =>
  symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol

const exported = new Set<ts.Symbol>()
const publicSymbols: Array<[string, ts.Symbol]> = []
for (const [subpath, file] of entries) {
  const source = program.getSourceFile(file)
  const moduleSymbol = source && checker.getSymbolAtLocation(source)
  if (!moduleSymbol) throw new Error(`${subpath}: no declarations at ${file}`)
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const target = resolveAlias(symbol)
    exported.add(target)
    publicSymbols.push([subpath, target])
  }
}

const isKits = (declaration: ts.Declaration) => declaration.getSourceFile().fileName.startsWith(typesDir)
const isPrivate = (node: ts.Node) =>
  (ts.canHaveModifiers(node) &&
    ts.getModifiers(node)?.some((modifier) => modifier.kind === ts.SyntaxKind.PrivateKeyword)) ||
  ((ts.isPropertyDeclaration(node) || ts.isMethodDeclaration(node)) && ts.isPrivateIdentifier(node.name))

const missing = new Map<string, Set<string>>()
const visited = new Set<ts.Symbol>()
function visitSymbol(symbol: ts.Symbol, usedBy: string): void {
  if (visited.has(symbol)) return
  visited.add(symbol)
  for (const declaration of symbol.declarations ?? []) {
    if (!isKits(declaration)) continue
    const visit = (node: ts.Node): void => {
      if (isPrivate(node)) return
      let referenced: ts.Symbol | undefined
      if (ts.isTypeReferenceNode(node)) referenced = checker.getSymbolAtLocation(node.typeName)
      else if (ts.isExpressionWithTypeArguments(node)) referenced = checker.getSymbolAtLocation(node.expression)
      else if (ts.isImportTypeNode(node) && node.qualifier) referenced = checker.getSymbolAtLocation(node.qualifier)
      if (referenced) {
        const target = resolveAlias(referenced)
        const declared = target.declarations?.find(isKits)
        if (declared && !(target.flags & ts.SymbolFlags.TypeParameter)) {
          if (!exported.has(target)) {
            const where = relative(typesDir, declared.getSourceFile().fileName)
            const users = missing.get(`${target.name} (${where})`) ?? new Set<string>()
            users.add(usedBy)
            missing.set(`${target.name} (${where})`, users)
          }
          visitSymbol(target, usedBy)
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(declaration)
  }
}
for (const [subpath, symbol] of publicSymbols)
  visitSymbol(symbol, `${subpath === '.' ? 'auth-proxy-kit' : `auth-proxy-kit/${subpath.slice(2)}`}: ${symbol.name}`)

if (missing.size > 0) {
  console.error(`public declarations name ${missing.size} type(s) no entry exports:`)
  for (const [name, users] of missing)
    console.error(
      `- ${name}, used by ${[...users].slice(0, 3).join('; ')}${users.size > 3 ? ` and ${users.size - 3} more` : ''}`,
    )
  process.exit(1)
}
console.log(
  `public types: every type the ${publicSymbols.length} public names of ${entries.length} entries refer to is exported`,
)
