export default function Route() {
  return <main id="main"><h1>search</h1></main>
}
