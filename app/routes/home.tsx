export default function Home() {
  return <h1>ID5</h1>;
}
