import { NotFound } from "../../components/not-found.tsx";

export const meta = () => [{ title: "Page introuvable | Puerta" }];

export default function Page() {
  return <NotFound />;
}
