export default function LandingPage() {
  return <main className="p-8">Paperboy</main>;
}
