export default function Route() {
  return <main id="main"><h1>confirm</h1></main>
}
