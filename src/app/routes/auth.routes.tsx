import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { SplashScreen } from '../../features/auth/SplashScreen.tsx';
import { publicLayout } from './root.tsx';

// Splash is the start URL, every launch's first screen: it stays in the entry (lazy it would
// save 0.3 kB gzip and cost a request before anything shows). Login and sign-up, used once on a
// device and online anyway, load on use (bench:bundle).
const LoginScreen = lazyRouteComponent(() => import('../../features/auth/LoginScreen.tsx'), 'LoginScreen');
const SignupInfoScreen = lazyRouteComponent(
  () => import('../../features/auth/SignupInfoScreen.tsx'),
  'SignupInfoScreen',
);
const SignupQuizScreen = lazyRouteComponent(
  () => import('../../features/auth/SignupQuizScreen.tsx'),
  'SignupQuizScreen',
);

const splash = createRoute({ getParentRoute: () => publicLayout, path: '/', component: SplashScreen });
const splashNamed = createRoute({
  getParentRoute: () => publicLayout,
  path: '/Splash',
  component: SplashScreen,
});
const login = createRoute({ getParentRoute: () => publicLayout, path: '/Login', component: LoginScreen });
const signupInfo = createRoute({
  getParentRoute: () => publicLayout,
  path: '/SignupInfo',
  component: SignupInfoScreen,
});
const signupQuiz = createRoute({
  getParentRoute: () => publicLayout,
  path: '/SignupQuiz',
  component: SignupQuizScreen,
});

export const authRoutes = [splash, splashNamed, login, signupInfo, signupQuiz];
