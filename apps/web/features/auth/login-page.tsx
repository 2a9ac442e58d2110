export default function Login() {
  return <h1>Connexion</h1>;
}
