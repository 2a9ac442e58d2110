import { NotFound } from "../../components/NotFound.tsx";

export const meta = () => [{ title: "Page introuvable | Puerta" }];

export default function Page() {
  return <NotFound />;
}
