// Tailwind v4 through PostCSS, which Vite reads by itself: the host's vite.config is the docs' quick start
// as pasted, with nothing of Tailwind in it.
module.exports = { plugins: { '@tailwindcss/postcss': {} } }
