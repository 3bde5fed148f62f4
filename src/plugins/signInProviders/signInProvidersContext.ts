/** The services of the sign-in providers module, and what its resolvers read from `ctx.app`. */
import type { CoreServices } from '../../core/coreServices.js';
import type { DirectoryGroups } from './directoryGroups.js';
import type { ProviderRegistry } from './providerRegistry.js';
import type { ProviderService } from './providerService.js';
import type { ProviderSignIn } from './providerSignIn.js';

export interface SignInProvidersServices {
  readonly authProviders: ProviderService;
  readonly authProviderRegistry: ProviderRegistry;
  readonly providerSignIn: ProviderSignIn;
  readonly directoryGroups: DirectoryGroups;
}

export type SignInProvidersContext = CoreServices & SignInProvidersServices;
