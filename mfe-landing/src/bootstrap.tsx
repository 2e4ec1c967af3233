import '@outpost/ui/theme.css';
import { mountStandalone } from '@outpost/testing/standalone';
import Routes from './routes';

// Standalone development harness; in the panel the shell loads ./Routes instead.
mountStandalone('landing', Routes);
