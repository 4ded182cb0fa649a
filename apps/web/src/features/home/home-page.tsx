import { MainScreen } from '../chat';

/** Home (/) and an open conversation (/conversations/{id}) are the one main screen (000 §2). */
export function HomePage() {
  return <MainScreen />;
}
