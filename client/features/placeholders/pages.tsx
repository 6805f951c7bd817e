import { Placeholder } from '../../components/ui';

// Titled placeholders (DESIGN.md section 3): the spec does not show these screens' contents yet.
export function GuildsPage() {
  return <Placeholder title="Guilds" text="Guilds are being built. Soon you can team up with other scavengers." />;
}
export function AdminPage() {
  return <Placeholder title="Admin" text="This page is empty." />;
}
