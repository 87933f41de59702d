export default function Route() {
  return <main id="main"><h1>chapters</h1></main>
}
