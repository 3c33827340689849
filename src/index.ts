// The package's main entry (React). No "use client" here: each hook and component module carries its
// own, so that a server component may import this entry and call darkTheme() (a plain module).
export * from './react'
export * from './components'
