/** The service page's GraphQL documents and the shapes of their answers. */
import { gql } from 'urql';
import { type ServiceStatus } from '../../gql/graphql';

export const ServicePageDocument = gql`
  query ServicesServicePage($id: ID!) {
    service(id: $id) {
      id
      name
      displayName
      nodeId
      path
      status
      statusMessage
      statusSince
      criticality
      serviceType
      tags
      owner {
        id
        username
      }
      team {
        id
        name
      }
      namespace
      slaGroup
      replicas
      readyReplicas
      availableReplicas
      images
      workloadType
      workloadName
      lastOperatorSync
      dependencies {
        dependencyType
        targetService {
          id
          name
          path
          status
        }
      }
      dependents {
        dependencyType
        sourceService {
          id
          name
          path
          status
        }
      }
      backupExpected
      backupMaxAgeDays
      lastBackupAt
      lastBackupStatus
      backupOverdue
      storage {
        allocatedBytes
        usedBytes
        freePercent
        status
        storageType
        mountPath
        reportedAt
      }
      updatedAt
    }
  }
`;

export const ServiceStatusDocument = gql`
  subscription ServicesStatusChanged($serviceId: ID!) {
    serviceStatusChanged(serviceId: $serviceId) {
      serviceId
      previousStatus
      status
      message
      changedAt
      origin
    }
  }
`;

export const UpdateServiceDocument = gql`
  mutation ServicesUpdateService($id: ID!, $input: UpdateServiceInput!) {
    updateService(id: $id, input: $input) {
      id
      displayName
      criticality
      serviceType
      updatedAt
    }
  }
`;

export interface ServiceLink {
  readonly id: string;
  readonly name: string;
  readonly path: string;
  readonly status: ServiceStatus;
}

export interface StorageUsage {
  readonly allocatedBytes: number;
  readonly usedBytes: number;
  readonly freePercent: number;
  readonly status: string;
  readonly storageType: string | null;
  readonly mountPath: string | null;
  readonly reportedAt: string;
}

export interface ServiceDetails {
  readonly id: string;
  readonly name: string;
  readonly displayName: string | null;
  readonly nodeId: string;
  readonly path: string;
  readonly status: ServiceStatus;
  readonly statusMessage: string | null;
  readonly statusSince: string;
  readonly criticality: string | null;
  readonly serviceType: string | null;
  readonly tags: readonly string[];
  readonly owner: { readonly id: string; readonly username: string } | null;
  readonly team: { readonly id: string; readonly name: string } | null;
  readonly namespace: string | null;
  readonly slaGroup: string | null;
  readonly replicas: number | null;
  readonly readyReplicas: number | null;
  readonly availableReplicas: number | null;
  readonly images: readonly string[];
  readonly workloadType: string | null;
  readonly workloadName: string | null;
  readonly lastOperatorSync: string | null;
  readonly dependencies: readonly { readonly dependencyType: string; readonly targetService: ServiceLink }[];
  readonly dependents: readonly { readonly dependencyType: string; readonly sourceService: ServiceLink }[];
  readonly backupExpected: boolean;
  readonly backupMaxAgeDays: number | null;
  readonly lastBackupAt: string | null;
  readonly lastBackupStatus: string | null;
  readonly backupOverdue: boolean;
  readonly storage: StorageUsage | null;
  readonly updatedAt: string;
}

export interface ServicePageData {
  readonly service: ServiceDetails | null;
}

export interface StatusChange {
  readonly serviceId: string;
  readonly previousStatus: ServiceStatus;
  readonly status: ServiceStatus;
  readonly message: string | null;
  readonly changedAt: string;
  readonly origin: string;
}
