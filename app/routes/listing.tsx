export default function Route() {
  return <main id="main"><h1>listing</h1></main>
}
