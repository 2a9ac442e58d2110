export default function PolicyAcceptance() {
  return <h1>Politique de non-remboursement</h1>;
}
