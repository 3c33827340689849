// The package's main entry (React). The build puts "use client" at the top of the bundled file.
export * from './react'
export * from './components'
