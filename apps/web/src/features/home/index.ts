import { loadMainScreen } from '../chat';

/**
 * Home (/) and an open conversation (/conversations/{id}) are the one main screen (000 §2),
 * chat's, whose code loads when it is opened (docs/DESIGN.md, "Web delivery").
 */
export const loadHomePage = async () => ({ HomePage: (await loadMainScreen()).MainScreen });
