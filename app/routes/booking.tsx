export default function Route() {
  return <main id="main"><h1>booking</h1></main>
}
