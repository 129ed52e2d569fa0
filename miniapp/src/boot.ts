// Imported first by main.tsx: signing in starts while the rest of the app is still being evaluated.
import { startSignIn } from './app/sign-in';

void startSignIn();
