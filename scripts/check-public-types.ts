// Every type a public declaration names must itself be importable: a consumer who writes a helper around
// `useEmailOtp` needs the type of what it returns. This walks the built declarations from each package
// entry (package.json "exports") and reports each type declared by the kit that a public declaration
// refers to but no entry exports (it would show in an editor, but nobody could import it). On the same
// walk, every optional member must accept `undefined`: a host compiled with exactOptionalPropertyTypes
// forwards `theme={maybeTheme}`, and for the kit an undefined member means "not given".
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
    // Without it `undefined` vanishes from every declared type, and optional members cannot be checked.
    strict: true,
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

/** Whether a declared type takes `undefined` (any and unknown do). */
function acceptsUndefined(node: ts.TypeNode): boolean {
  const type = checker.getTypeFromTypeNode(node)
  const accepting = ts.TypeFlags.Undefined | ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Void
  return type.isUnion() ? type.types.some((member) => member.flags & accepting) : (type.flags & accepting) !== 0
}

const missing = new Map<string, Set<string>>()
const strictOptional = new Set<string>()
const visited = new Set<ts.Symbol>()
function visitSymbol(symbol: ts.Symbol, usedBy: string): void {
  if (visited.has(symbol)) return
  visited.add(symbol)
  for (const declaration of symbol.declarations ?? []) {
    if (!isKits(declaration)) continue
    const visit = (node: ts.Node): void => {
      if (isPrivate(node)) return
      if (
        (ts.isPropertySignature(node) || ts.isPropertyDeclaration(node) || ts.isMethodSignature(node)) &&
        node.questionToken !== undefined &&
        (ts.isMethodSignature(node) || (node.type !== undefined && !acceptsUndefined(node.type)))
      ) {
        const where = relative(typesDir, node.getSourceFile().fileName)
        strictOptional.add(`${node.name.getText()} (${where}), in ${usedBy}`)
      }
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

if (strictOptional.size > 0) {
  console.error(
    `${strictOptional.size} optional member(s) of public types refuse undefined under exactOptionalPropertyTypes (write \`name?: T | undefined\`, and a method as such a property):`,
  )
  for (const member of [...strictOptional].slice(0, 20)) console.error(`- ${member}`)
}
if (missing.size > 0) {
  console.error(`public declarations name ${missing.size} type(s) no entry exports:`)
  for (const [name, users] of missing)
    console.error(
      `- ${name}, used by ${[...users].slice(0, 3).join('; ')}${users.size > 3 ? ` and ${users.size - 3} more` : ''}`,
    )
}
if (missing.size > 0 || strictOptional.size > 0) process.exit(1)
console.log(
  `public types: every type the ${publicSymbols.length} public names of ${entries.length} entries refer to is exported, and every optional member accepts undefined`,
)
